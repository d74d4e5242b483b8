"use client";

import { useSyncExternalStore } from "react";

// A short two-note chime made with Web Audio, so the kitchen needs no sound file. Browsers keep
// audio blocked until someone taps the page: unlockSound() is called from a tap (the sound
// toggle, or the first tap after a reload with sound on) and lets later chimes play.

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return null;
  context ??= new window.AudioContext();
  return context;
}

/** From a tap or key press: lets this tab play sound from now on. */
export async function unlockSound(): Promise<void> {
  await audio()
    ?.resume()
    .catch(() => undefined);
}

/** Whether the browser still holds sound back until the next tap (only asked while sound is on). */
export function useSoundBlocked(soundOn: boolean): boolean {
  return useSyncExternalStore(
    (changed) => {
      const ctx = soundOn ? audio() : null;
      ctx?.addEventListener("statechange", changed);
      return () => ctx?.removeEventListener("statechange", changed);
    },
    () => soundOn && context?.state === "suspended",
    () => false,
  );
}

/** Two soft rising notes, about half a second in all. */
export function playChime(): void {
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + 0.02;
  [880, 1318.5].forEach((frequency, i) => {
    const at = start + i * 0.18;
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.45);
    tone.connect(volume).connect(ctx.destination);
    tone.start(at);
    tone.stop(at + 0.5);
  });
}
