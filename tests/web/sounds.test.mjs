// Sounds: off until the player turns them on (the choice is kept), then each kind is its own
// short tune of synthesised beeps, with a vibration unless the player asked for less motion.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeElement, document, media, resetPage } from "./fake-dom.mjs";
import { LOCAL } from "../../src/wordarena/web/storage.js";
import { Sounds } from "../../src/wordarena/web/sounds.js";

/** An AudioContext that records every beep: its frequency, when it starts and stops, its volume ramps. */
class FakeAudioContext {
  static made = 0;
  static broken = false;
  constructor() {
    if (FakeAudioContext.broken) throw new Error("no audio device");
    FakeAudioContext.made += 1;
    this.currentTime = 5;
    this.destination = { name: "speakers" };
    this.beeps = [];
  }
  createOscillator() {
    const beep = { type: null, frequency: { value: 0 }, connected: null };
    this.beeps.push(beep);
    return {
      set type(value) {
        beep.type = value;
      },
      frequency: beep.frequency,
      connect: (gain) => {
        beep.gain = gain.ramps;
        return gain;
      },
      start: (at) => (beep.start = at),
      stop: (at) => (beep.stop = at),
    };
  }
  createGain() {
    const ramps = [];
    const gain = {
      ramps,
      gain: {
        setValueAtTime: (v, at) => ramps.push(["set", v, at]),
        exponentialRampToValueAtTime: (v, at) => ramps.push(["ramp", v, at]),
      },
      connect: (destination) => {
        ramps.destination = destination;
        return destination;
      },
    };
    return gain;
  }
}
globalThis.AudioContext = FakeAudioContext;

const close = (a, b) => Math.abs(a - b) < 1e-9;

function sounds({ saved = null, vibrate = true } = {}) {
  resetPage();
  FakeAudioContext.made = 0;
  FakeAudioContext.broken = false;
  if (saved) localStorage.setItem(LOCAL.sound, saved);
  const vibrations = [];
  if (vibrate) navigator.vibrate = (pattern) => vibrations.push(pattern);
  else delete navigator.vibrate;
  const button = new FakeElement("button");
  return { s: new Sounds(button), button, vibrations };
}

test("sounds are off until turned on; the button says which", () => {
  const { s, button, vibrations } = sounds();
  assert.equal(s.on, false);
  assert.equal(button.getAttribute("aria-pressed"), "false");
  s.play("turn");
  assert.equal(document.documentElement.dataset.lastSound, undefined);
  assert.deepEqual(vibrations, []);
  assert.equal(FakeAudioContext.made, 0); // no audio is started without the player's click
  const again = sounds({ saved: "on" });
  assert.equal(again.s.on, true);
  assert.equal(again.button.getAttribute("aria-pressed"), "true");
});

test("the switch keeps the choice, and turning on plays the turn's tune to say it works", () => {
  const { s, button } = sounds();
  button.click();
  assert.equal(s.on, true);
  assert.equal(localStorage.getItem(LOCAL.sound), "on");
  assert.equal(button.getAttribute("aria-pressed"), "true");
  assert.equal(document.documentElement.dataset.lastSound, "turn");
  assert.deepEqual(s.context.beeps.map((b) => b.frequency.value), [660, 880]);
  button.click();
  assert.equal(s.on, false);
  assert.equal(localStorage.getItem(LOCAL.sound), "off");
  assert.equal(s.context.beeps.length, 2); // turning off is silent
});

test("each kind is its tune: notes one step apart, each fading in and out within its step", () => {
  const { s } = sounds({ saved: "on" });
  s.play("solve");
  const beeps = s.context.beeps;
  assert.deepEqual(beeps.map((b) => b.frequency.value), [523, 659, 784]);
  assert.ok(beeps.every((b) => b.type === "sine" && b.gain.destination === s.context.destination));
  beeps.forEach((b, i) => {
    const at = 5 + i * 0.09;
    assert.ok(close(b.start, at), `note ${i} starts at ${at}`);
    assert.ok(close(b.stop, at + 0.09 * 0.9 + 0.02));
    const [set, up, down] = b.gain;
    assert.deepEqual([set[0], set[1]], ["set", 0.0001]);
    assert.ok(close(up[2], at + 0.01) && up[1] === 0.15);
    assert.ok(close(down[2], at + 0.09 * 0.9) && down[1] === 0.0001);
  });
  s.play("end");
  assert.deepEqual(s.context.beeps.slice(3).map((b) => b.frequency.value), [784, 659, 523]);
  s.play("tick");
  assert.deepEqual(s.context.beeps.slice(6).map((b) => b.frequency.value), [1000]);
  assert.equal(FakeAudioContext.made, 1); // one context for every sound
});

test("an unknown sound plays nothing", () => {
  const { s, vibrations } = sounds({ saved: "on" });
  s.play("fanfare");
  assert.equal(document.documentElement.dataset.lastSound, undefined);
  assert.deepEqual(vibrations, []);
  assert.equal(s.context, null);
});

test("each sound vibrates its own pattern, unless the player asked for reduced motion", () => {
  const { s, vibrations } = sounds({ saved: "on" });
  s.play("turn");
  s.play("solve");
  s.play("tick");
  s.play("end");
  assert.deepEqual(vibrations, [[70], [50, 40, 50], [15], [180]]);
  const calm = sounds({ saved: "on" });
  media.add("(prefers-reduced-motion: reduce)");
  calm.s.play("end");
  assert.deepEqual(calm.vibrations, []);
  assert.equal(calm.s.context.beeps.length, 3); // the tune still plays
});

test("without an audio device a sound is its vibration, and no error reaches the game", () => {
  const { s, vibrations } = sounds({ saved: "on" });
  FakeAudioContext.broken = true;
  s.play("solve");
  assert.deepEqual(vibrations, [[50, 40, 50]]);
  assert.equal(document.documentElement.dataset.lastSound, "solve");
  const silent = sounds({ saved: "on", vibrate: false });
  silent.s.play("turn"); // neither audio nor vibration: still no error
  assert.equal(silent.s.context.beeps.length, 2);
});
