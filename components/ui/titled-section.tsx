import { useId, type ReactNode } from "react";

type Props = {
  title: ReactNode;
  /** h2 for a part of the page, h3 for a part of one. */
  level?: 2 | 3;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
};

/** A part of a page named by its own heading, so a screen reader lists it as a region by that name. */
export function TitledSection({ title, level = 2, className, titleClassName = "font-bold", children }: Props) {
  const id = useId();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
