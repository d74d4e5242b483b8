import Image from "next/image";

/** A salad's thumbnail. Site images are served as they are; admins' https: images are not on an allow-list, so unoptimised. */
export function LineImage({ src, size = 64 }: { src: string; size?: number }) {
  if (!src) return <div aria-hidden="true" className="shrink-0 rounded-lg bg-brand-50" style={{ width: size, height: size }} />;
  return (
    <Image
      src={src}
      alt=""
      width={size}
      height={size}
      unoptimized={!src.startsWith("/")}
      className="shrink-0 rounded-lg bg-brand-50 object-cover"
      style={{ width: size, height: size }}
    />
  );
}
