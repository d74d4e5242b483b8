"use client";

import { playChime, unlockSound, useSoundBlocked } from "@/components/kitchen/chime";
import { useSoundSetting } from "@/components/kitchen/use-sound-setting";

/** The kitchen's sound switch: off by default, remembered on this device; turning it on plays the chime once, as a sample. */
export function SoundToggle() {
  const [on, setOn] = useSoundSetting();
  const blocked = useSoundBlocked(on);
  return (
    <div className="flex flex-col items-end gap-1">
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(event) => {
            const value = event.target.checked;
            setOn(value);
            // The tap itself is what lets the browser play sound.
            if (value) void unlockSound().then(playChime);
          }}
          className="h-5 w-5 accent-brand-700"
        />
        Chime for new orders
      </label>
      {/* After a reload with sound on: the browser waits for a tap before it plays anything. */}
      {blocked && <p className="text-sm font-medium text-amber-900">Tap anywhere once to let the chime play.</p>}
    </div>
  );
}
