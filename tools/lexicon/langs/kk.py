"""Kazakh (Cyrillic) word lists (4, 5, 6 letters): hunspell-kk + a hand-curated answer list.

Guesses: the forms of the Debian hunspell-kk dictionary (stems x suffix rules,
expanded here: the .aff has only one level of plain suffixes), lower-case only,
that Tesseract's Kazakh web word list also holds (`tools/lexicon/tessdata.py`):
the dictionary's rules over-generate (verb roots take noun endings, шипиім;
conditions ignore vowel harmony, қантің; internal stems such as тыйылт are
entries), and about 12 of 20 of its unattested forms are no words.
The dictionary lists many inflected forms as entries, so its stems cannot serve
as answers, and no open Kazakh frequency list exists on the package registries
(wordfreq silently answers Russian for ``kk``). The answers are therefore a
hand-curated list of common base forms (`ANSWERS` below: nouns, adjectives and
verbal nouns in -у), each kept only if the dictionary accepts it, minus deny/kk.txt.
"""

from __future__ import annotations

import gzip
import re
import subprocess
from pathlib import Path

from tools.lexicon import tessdata
from tools.lexicon.common import NAME_SOURCE, Source, WordLists, deny_list, key_of, shared_names

LENGTHS = (4, 5, 6)
DEB = "hunspell-kk=1.1-3"

SOURCES = [
    Source(
        "Kazakh Hunspell dictionary kk_KZ (Akmaral Mussayeva, László Németh, Rail Aliev, 2009)",
        "1.1-3",
        "GPL-2.0-or-later OR LGPL-2.1-or-later OR MPL-1.1",
        "guesses; check of the curated answers",
        "Debian package hunspell-kk=1.1-3",
    ),
    tessdata.source("kk", "guesses (a generated form is kept only when met in web text)"),
    Source(
        "wordarena curated Kazakh answer list (tools/lexicon/langs/kk.py)",
        "2025",
        "same as the project",
        "answers",
    ),
    NAME_SOURCE,
]


def _dictionary(work: Path) -> Path:
    """Folder holding kk_KZ.aff/.dic, downloaded and unpacked once into ``work``."""
    folder = work / "deb" / "usr" / "share" / "hunspell"
    if not (folder / "kk_KZ.dic").exists():
        subprocess.run(["apt-get", "download", DEB], cwd=work, check=True, capture_output=True)
        deb = next(work.glob("hunspell-kk_*.deb"))
        subprocess.run(["dpkg", "-x", deb.name, "deb"], cwd=work, check=True)
    return folder


def _suffix_rules(aff: Path) -> dict[str, list[tuple[str, str, re.Pattern[str]]]]:
    """flag -> [(strip, add, condition)] from the SFX lines (no continuation flags in kk)."""
    rules: dict[str, list[tuple[str, str, re.Pattern[str]]]] = {}
    for line in aff.read_text(encoding="utf-8-sig").splitlines():
        parts = line.split()
        if len(parts) >= 5 and parts[0] == "SFX":
            _, flag, strip, add, cond = parts[:5]
            strip = "" if strip == "0" else strip
            add = "" if add == "0" else add
            rules.setdefault(flag, []).append((strip, add, re.compile(f"(?:{cond})$")))
    return rules


#: Vowels of the Kazakh Cyrillic alphabet (a stem without one is an abbreviation).
VOWELS = frozenset("аәеиоөұүуыіэюяё")
#: Two-letter entries that are words (the others are fragments: рл, әд, дс...).
TWO_LETTER_WORDS = frozenset(
    [
        "ай",
        "ал",
        "ас",
        "ат",
        "ау",
        "аш",
        "ақ",
        "аң",
        "ез",
        "ей",
        "ек",
        "ел",
        "ем",
        "ен",
        "ер",
        "ес",
        "ет",
        "еш",
        "ит",
        "ой",
        "ол",
        "он",
        "ор",
        "от",
        "оқ",
        "оң",
        "ру",
        "су",
        "ту",
        "із",
        "іс",
        "іш",
        "ін",
        "ұл",
        "ұн",
        "ұр",
        "ұш",
        "ұқ",
        "үй",
        "үн",
        "үр",
        "үш",
        "үз",
        "әл",
        "әр",
        "ыс",
        "аз",
        "ар",
        "ие",
        "ми",
        "би",
        "ән",
        "өң",
    ]
)


def is_fragment(stem: str) -> bool:
    """A dictionary entry that is no word: no vowel, or two letters that are no word.

    Their suffixed forms were about a quarter of the non-words in a sample of
    the first pass (рлейік from рл, әдтер from әд).
    """
    return not VOWELS.intersection(stem) or (len(stem) <= 2 and stem not in TWO_LETTER_WORDS)


def expand(work: Path) -> list[str]:
    """Every form of every dictionary entry up to the longest list length (cached),
    fragments (`is_fragment`) left out."""
    cache = work / f"kk_KZ-1.1-3.forms-max{max(LENGTHS)}-nofragments.gz"
    if cache.exists():
        return gzip.decompress(cache.read_bytes()).decode("utf-8").split("\n")
    folder = _dictionary(work)
    rules = _suffix_rules(folder / "kk_KZ.aff")
    forms = set()
    for line in (folder / "kk_KZ.dic").read_text(encoding="utf-8-sig").splitlines()[1:]:
        stem, _, flags = line.strip().partition("/")
        if not stem or is_fragment(stem.lower()):
            continue
        forms.add(stem)
        for flag in flags:
            for strip, add, cond in rules.get(flag, ()):
                if len(stem) - len(strip) + len(add) > max(LENGTHS):
                    continue  # longer than any list: skip the slow condition test
                if stem.endswith(strip) and cond.search(stem):
                    forms.add(stem[: len(stem) - len(strip)] + add)
    words = sorted(forms)
    cache.write_bytes(gzip.compress("\n".join(words).encode("utf-8"), mtime=0))
    return words


def _answer_words() -> list[str]:
    """The words of `ANSWERS`, skipping its ``#`` comment lines."""
    return [w for line in ANSWERS.splitlines() if not line.startswith("#") for w in line.split()]


#: Kazakh words that other languages' dictionaries list as names (reviewed).
NOT_NAMES = frozenset({"назар", "сахара", "сара", "тула", "нара", "алдан", "берген"})


def names(entries: set[str]) -> set[str]:
    """Dictionary entries that are names: kk_KZ lists египет, азия, кавказ, ленин in
    lower case. A word that several other dictionaries list only capitalised
    (`shared_names`) is a name unless it is a curated answer or a reviewed word
    (`NOT_NAMES`: назар "attention", сахара "steppe")."""
    keep = set(_answer_words()) | NOT_NAMES
    return {w for w in entries & shared_names() if w not in keep}


_BACK = frozenset("аоұы")
_FRONT = frozenset("әөүіе")


def plural(stem: str) -> str | None:
    """The regular plural of a noun stem (-лар/-лер, -дар/-дер, -тар/-тер), or None.

    The dictionary's suffix rules miss it for some entries (су: no сулар while
    иттер and үйлер are there). The ending's vowel follows the stem's last
    vowel; its consonant the stem's last sound: л after vowels and р, й, у;
    д after л, м, н, ң, з, ж; т after the other consonants.
    """
    vowels = [c for c in stem if c in _BACK or c in _FRONT]
    if len(stem) < 2 or not (vowels or "у" in stem):
        return None
    a = "а" if not vowels or vowels[-1] in _BACK else "е"  # су, ту: back
    last = stem[-1]
    if last in VOWELS or last in "рйу":
        start = "л"
    elif last in "лмнңзж":
        start = "д"
    else:
        start = "т"
    return f"{stem}{start}{a}р"


def build(work: Path) -> dict[int, WordLists]:
    forms = [w for w in expand(work) if w and w[0].islower()]  # capitalised entries are names
    # Regular plurals the rules missed, kept like every generated form only when
    # met in web text (below).
    have = set(forms)
    forms += [p for w in list(have) if len(w) <= max(LENGTHS) - 3 and (p := plural(w)) and p not in have]
    denied = deny_list("kk")
    known = {key_of("kk", w) for w in forms}
    web = tessdata.web_words("kk")
    proper = names(set(forms))
    # A form nobody wrote on the web is left out, and so is a name.
    forms = [w for w in forms if key_of("kk", w) in web and w not in proper]
    result = {}
    for length in LENGTHS:
        guesses = [w for w in forms if (k := key_of("kk", w)) is not None and len(k) == length]
        answers = []
        for word in _answer_words():
            key = key_of("kk", word)
            if key is not None and len(key) == length and key in known and key not in denied:
                answers.append(word)
        result[length] = WordLists(answers=answers, guesses=guesses)
    return result


#: Hand-curated common base forms, most common first within each length block.
ANSWERS = """
# 4 letters
бала қала дала ағаш алма анар арба асық ауыл ауыз ауру бақа биік бота бұлт дәрі дене емен ерін есік
жаңа жаза жеті жиде жылы кеме кесе кілт кісі көже қара қарт қазы қант қиял құда құрт мата мұра ойын
орын отан отын өзен өлең өмір өнер пияз сары сиыр сұлу теке тері түйе ұшақ шана шеше шеке ыдыс аула
арна ақын ақша алаң асыл аққу бөрі егін ерке есеп жара жиын жұқа жуан кіші көне көше қоян мүше орақ
орта өгіз сала сана саты сәби тана тоты үміт қиын оңай суық таза ұзын ашық ауыр дана ерте ақыл әділ
беру келу кету көру жазу салу қалу тұру жүру білу бару сату табу күту айту жату күлу тігу тебу бөлу
қосу жеңу құру шығу кіру түсу басу жабу жағу жету кесу соғу сыну төгу шабу шешу бұру сору тату қазу
жану алты төрт отыз анық атау әйел әлем әріп әтеш әуен әсер егеу есім жебе кино өнім тазы төбе әдет
әжім әнші әкім ескі киім киіз салт соқа сырт ұжым ұйқы ілім сызу бояу есту сезу тану көшу қону бағу
ояну қашу сену сөгу ұялу бұзу тесу жару илеу жұту ешкі арша қияр шыны ожау ошақ айна етік мәсі шәлі
алқа тиін киік елік есек бұқа қозы шаян маса арқа тізе өкше өкпе мұрт арал жаға қола кеше апта адам
әпке жиен биші ұста аңшы емші егіз еден қора банк аңыз иман әзіл жұрт баға зиян атақ даңқ қуат әмір
жоба торы құла таяз түзу шулы баяу алыс жеке қате әсем бура атан сона кене бүйі суыр арпа сұлы тары
қоға қопа арық өзек өлке мола абыз елші қожа таба саба күбі келі үзік сақа айыр тұяқ тиын метр литр
үтір арыз шарт ішкі сыра шуақ кәде дерт ісік шипа отау сөре ұйым айып ұрыс толу тасу тиеу жала бата
даму егде елес жүйе жұма жылу кент күйе қиыр ойық орда өріс өсек ұран үлгі үлес үрей үйір шама ырым
ізет арай асау бәле дара есен жиек таса ұнау үгіт сөну төзу шалу қағу қысу тығу шегу созу қыру шолу
теру айну аршу кебу кешу қату біту шошу сасу обал адал арам епті өжет жуас риза
# 5 letters
балық бақша бауыр дүние жүзім жүрек жылқы зауыт кірпі қайық қызыл құлақ мақта мысық нағыз орман
сабақ сағат сурет сүйек тамақ тарих түлкі үлкен хабар шырын алтын бақыт бесік бидай білім жасыл
жеміс жұмыс жігіт жылан кітап көрші күміс күрек күшік қазан қақпа қамыс қасық қауын құдық қыран
мақал өрмек сәуле сөмке сусын сұрақ тақта тілек ұстаз шапан шелек шешен әдемі жақын жаман жақсы
қысқа нәзік тәтті ыстық батыл берік күшті мықты сараң семіз терең тығыз тоғыз сегіз қырық алпыс
ойлау жылау ұрлау іздеу отыру айдау тарту айран алаша арман арқан бағыт балта барыс батыр бәйге
бөлме бұзау бұлақ дәуір еңбек жалау жалын жарық жауап жауын жібек кезең келін кигіз кілем көлік
көмір көрік күйеу қабақ қағаз қалам қамшы қарға қарын қатар құлын қымыз мүйіз намыс нөсер өрнек
сәлем сауда сиқыр сырға тауық теңге теңіз төсек түйме тұлға тырна үйрек шаруа шатыр шебер шырақ
аспан базар бөрік еркін әлсіз әскер әулет ғалым ғасыр ғарыш ғажап дайын дүкен жабық жарыс жеңіс
кеңсе кеңес кесте кәсіп көпір көрме қалта қорап мәтін мысал оқушы оқиға пайда пәтер пышақ сабын
сайыс сапар сарай себеп сезім сенім соғыс спорт сынып тағам тақия тамыр тарақ тегін темір тұмар
түлек түтін үстел ферма шабыт шаршы шешім ырғақ ұшқыш қуану қорқу ұмыту ашылу құлау жинау санау
өлшеу жасау істеу қарау сұрау әкелу апару таныс төлеу қарыз ойнау билеу суару асығу киіну тарау
өсіру емдеу ауыру турау қуыру суыту ашығу сипау ұстау итеру сүңгу ұтылу жусан жігер кеуде қайың
терек шырша сәбіз бұрыш шұбат тоқаш палау сорпа кеспе табақ шөміш сүлгі қайшы кебіс тымақ жейде
жүзік күзен сусар бұлан марал арқар құлжа айғыр қашыр лашын көкек сазан шыбын мұрын мойын білек
табан сақал дауыс дауыл боран тұман қырау қырат тоғай мұхит мұнай болат ертең минут ақпан сәуір
мамыр шілде тамыз сіңлі жезде жеңге қонақ жетім күйші жыршы малшы қойшы диқан тілші судья басшы
аспаз даяшы патша кедей қария көрпе мешіт театр бекет пікір мәтел газет дыбыс ерлік ождан қайғы
күлкі ғылым дағды құқық халық тайпа шығын табыс салық несие жүлде бедел билік ереже қобыз дабыл
күрең қоңыр жирен аласа жеңіл тұзды дәмді қатал қатты тегіс қисық толық ылғал тыныш арзан ашулы
мұңды бөлек ортақ басты қажет керек нақты дұрыс айқын сәнді соңғы төмен артқы бүтін жарты ширек
бұтақ қабық тікен тұқым дақыл күріш жидек самал аптап ызғар бөкен құлан құтан керік мешін құнан
дөнен бесті қашар тоқты серке төбет бүрге бұйым мүлік көлем аумақ заман уақыт кезек тарап қимыл
жүріс жорық бітім талап шағым сынақ дәріс сызба сызық нүкте белгі таңба пайыз өлшем тонна грамм
қоғам тобыр жасақ ұрлық алаяқ тыйым сынау аулау ілесу парақ марка жәшік дорба әмиян құлып радио
вагон жүген ноқта шідер садақ қылыш найза сауыт балға қашау бұрғы шалғы тырма бөшке тұғыр дойбы
карта күзеу қоныс мекен аймақ облыс аудан қорық аңғар алқап жазық шағыл жылға бөген тоған шахта
кеніш қамал мазар зират бейіт түрме тұмау жөтел шешек сүзек күтім көмек демеу шарап ұшқын қанат
зейін қалың қауіп құрал мүсін сойыл сүңгі тамшы тұрақ тізім ұрпақ ілгек ықпал мейіз тәлім ұқсау
үндеу жылжу бітеу алғыс кепіл кесір көңіл құпия мінез наным нарық өсиет рақым рәсім санат сауап
сенбі сыншы тұйық түрлі тыныс үрдіс ыңғай бекем жайлы зерек момын өткір сирек бүкіл
# 6 letters
көйлек қасқыр қолғап мектеп жетпіс сексен тоқсан жиырма бүркіт жаңбыр жұлдыз кемпір палуан салқын
жабайы жалқау тұлпар тыңдау сөйлеу асхана дәптер ертегі жайлау жүйрік кереге қалпақ қасиет қорған
қошқар мереке мұнара сандық сөздік сұңқар сыйлық таразы торғай шайнек шекара шеңбер ықылас балшық
ақиқат астана достық бастық бәсеке бейбіт белбеу дастан дәстүр дәулет жазушы жаттау жолдас жұмбақ
кәмпит қайсар қуаныш қызмет қымбат қыстау мақсат мейрам нәтиже орамал отбасы сайлау тағдыр тәрбие
терезе тұрмыс тышқан ұсыныс үкімет хайуан шындық шымшық жөндеу шомылу түсіну үйрену үйрету көшіру
жабылу секіру көтеру түсіру таңдау шақыру жіберу кешіру жеңілу әндету жазылу қорғау сақтау күзету
кешігу тоқтау бастау аяқтау жалғау бөлісу өзгеру шаршау демалу шешіну қырыну жасыру ойлану мақтау
сүйену тырысу ұмтылу үйлену жоқтау байлау бекіту қайнау шайнау шөлдеу иіскеу көздеу жарысу бұршақ
жалбыз зергер керуен жаңғақ алмұрт қарбыз картоп қаймақ шалбар жаулық моншақ борсық бөдене кептер
бұлбұл шортан бекіре маңдай саусақ тырнақ алақан шынтақ бүйрек кірпік жартас толқын күндіз мезгіл
көктем қаңтар наурыз маусым қараша немере шөбере нағашы етікші егінші сатушы бағбан сарбаз жастық
сырмақ саябақ әуежай әңгіме журнал құрмет міндет байлық абырой бұйрық тәртіп жоспар салдар сырнай
керней қышқыл көркем ақылды жұмсақ құрғақ дымқыл зиянды сырқат жалғыз мүмкін өтірік жарқын ерекше
екінші жоғары сыртқы шабуыл әрекет мерзім салмақ айырма бөлшек өтініш қолдау жәрдем қамқор безгек
құйрық тұмсық ағайын құрдас жерлес шәкірт бапкер сызғыш қоржын қапшық машина үзеңгі қармақ мылтық
қалқан дулыға кетпен құмыра құмған шәугім қақпақ торсық тегене босаға кебеже басқұр шахмат көктеу
шатқал үстірт бархан батпақ даңғыл емхана кесене бүршік бетеге жантақ раушан көшкін ителгі дуадақ
шағала байғыз қарсақ шибөрі маймыл тайлақ жабағы инелік жүгері теңдік бірлік тірлік саулық оқулық
сөйлем мағына мақала мекеме азамат тұрғын байрақ әнұран қылмыс әділет жанжал майдан шайқас қызығу
тарылу сүйреу жүктеу қуалау босату құтылу көріну жоғалу келісу таласу айтысу ұйғару бұйыру рұқсат
таңдай тасқын шежіре аманат әйгілі бағана балдыз бейнет дәреже дұшпан егемен ежелгі жайдақ жалған
жарлық жарнақ желкен жемқор кірпіш қазына қайрат құндыз құрбан мазмұн маржан мерген өкініш пәрмен
сақтық сапалы сәулет сұхбат сыпайы тайғақ тамаша тілмаш тұтқын ұлттық ұтымды шұғыла шынайы ынталы
әдепті бейқам білгір жылдам қырсық мұқият сергек тапқыр тентек ұқыпты шапшаң шыншыл
"""
