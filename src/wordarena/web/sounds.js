// Sounds and vibration: your turn, a solve, the last 10 seconds,
// the end. Off until the player turns them on with the one switch in the top
// bar; the choice is kept. Tones are synthesised (no audio files to load).

import { LOCAL } from "./storage.js";

const TONES = {
  turn: { notes: [660, 880], step: 0.11, vibrate: [70] },
  solve: { notes: [523, 659, 784], step: 0.09, vibrate: [50, 40, 50] },
  tick: { notes: [1000], step: 0.05, vibrate: [15] },
  end: { notes: [784, 659, 523], step: 0.14, vibrate: [180] },
};

export class Sounds {
  constructor(button) {
    this.button = button;
    this.on = localStorage.getItem(LOCAL.sound) === "on";
    this.context = null;
    this.show();
    button?.addEventListener("click", () => this.toggle());
  }

  toggle() {
    this.on = !this.on;
    localStorage.setItem(LOCAL.sound, this.on ? "on" : "off");
    this.show();
    if (this.on) this.play("turn"); // a click is the gesture that lets audio start: say it works
  }

  show() {
    this.button?.setAttribute("aria-pressed", String(this.on));
  }

  play(kind) {
    if (!this.on) return;
    const tone = TONES[kind];
    if (!tone) return;
    document.documentElement.dataset.lastSound = kind; // what the browser tests can see of a sound
    if (navigator.vibrate && !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) navigator.vibrate(tone.vibrate);
    try {
      this.context ??= new AudioContext();
      const start = this.context.currentTime;
      tone.notes.forEach((frequency, i) => this.beep(frequency, start + i * tone.step, tone.step * 0.9));
    } catch {
      // No audio device: vibration (if any) is all we can do.
    }
  }

  beep(frequency, at, length) {
    const oscillator = this.context.createOscillator();
    const gain = this.context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.15, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(this.context.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }
}
