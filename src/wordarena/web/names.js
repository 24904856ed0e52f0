// Names as players read them. Bots' names come from the server as "Hana (bot)":
// the "(bot)" is said in the interface language instead.

import { t } from "./i18n.js";

const BOT_SUFFIX = / \(bot\)$/;

/** "Hana (bot)" → "Hana (бот)" in Russian; people's names as they are. */
export function displayName(name, isBot) {
  if (!isBot) return name;
  return `${name.replace(BOT_SUFFIX, "")} (${t("lobby.bot")})`;
}
