import { createFormControl } from "react-hook-form";

/**
 * The header search box's react-hook-form, made for the <input> the page already has (no default
 * value: what was typed before this loaded is read from the input). The submit handler goes to
 * the menu's search with the trimmed text, and ignores blank text.
 */
export function searchForm(input: HTMLInputElement, go: (text: string) => void) {
  const { register, handleSubmit } = createFormControl<{ search: string }>();
  const { ref, onChange, onBlur } = register("search");
  ref(input);
  input.addEventListener("input", (event) => void onChange(event));
  input.addEventListener("blur", (event) => void onBlur(event));
  return handleSubmit(({ search }) => {
    const text = search.trim();
    if (text) go(text);
  });
}
