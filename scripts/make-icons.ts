// `npx tsx scripts/make-icons.ts`: the installed shop's PNG icons (app/manifest.ts and
// app/apple-icon.png) drawn from the logo (public/images/logo.svg). Run again when the logo
// changes and commit the PNGs: the build does not need sharp, and every checkout serves the same files.
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const root = process.cwd();
const out = (name: string) => path.join(root, "public", "icons", name);

/** The page's colour behind the logo in the maskable icon, so the launcher's crop shows no edge. */
const MASK_BACKGROUND = "#dcfce7";

async function main() {
  const logo = await readFile(path.join(root, "public", "images", "logo.svg"));
  const draw = (size: number) => sharp(logo, { density: (72 * size) / 64 }).resize(size, size);
  for (const size of [192, 512])
    await draw(size)
      .png()
      .toFile(out(`icon-${size}.png`));
  // iOS's home screen icon, which Next links from every page (app/apple-icon.png); iOS shows no transparency.
  await draw(180)
    .flatten({ background: "#ffffff" })
    .png()
    .toFile(path.join(root, "app", "apple-icon.png"));
  // Maskable: the launcher may cut everything outside the centre circle of 80%; the logo sits
  // inside it, on a full square of its own background.
  const inner = await draw(360).png().toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: MASK_BACKGROUND } })
    .composite([{ input: inner, gravity: "centre" }])
    .png()
    .toFile(out("icon-maskable-512.png"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
