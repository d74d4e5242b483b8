import { getImageProps, type ImageProps } from "next/image";
import { preload as preloadResource } from "react-dom";

/**
 * next/image's markup (srcset, sizes, lazy loading, the optimiser's URLs) rendered on the server
 * as a plain <img>, for images that need nothing on the client. <Image> is a client component:
 * on the shop's pages its code (~5.7 kB gzip) was in every page's first load for the logo, the
 * hero and the menu cards alone. `preload` does what <Image preload> does: a <link rel=preload>
 * in the head for the LCP image.
 */
export function StaticImage({ preload = false, ...image }: Omit<ImageProps, "priority" | "onLoad" | "onError">) {
  const { props } = getImageProps({ ...image, loading: preload ? "eager" : image.loading });
  if (preload) {
    const { srcSet, sizes, fetchPriority } = props;
    preloadResource(props.src, { as: "image", imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: fetchPriority ?? "high" });
  }
  // eslint-disable-next-line @next/next/no-img-element -- this is next/image's own markup, from getImageProps
  return <img {...props} alt={image.alt} />;
}
