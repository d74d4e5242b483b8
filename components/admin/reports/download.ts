// Fetches a file the API sends as an attachment and hands it to the browser as a download, so a
// refusal (a 400 naming its field) can be shown beside that field instead of replacing the page
// with the API's JSON. Client-only.

export type DownloadResult = { ok: true } | { ok: false; error: string; field?: string };

const FALLBACK = "The download did not work. Please try again.";

/** The filename of `Content-Disposition: attachment; filename="…"`, or the fallback. */
function filenameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

async function refusal(res: Response): Promise<DownloadResult> {
  try {
    const data = (await res.json()) as { error?: unknown; field?: unknown };
    return {
      ok: false,
      error: typeof data.error === "string" ? data.error : FALLBACK,
      field: typeof data.field === "string" ? data.field : undefined,
    };
  } catch {
    return { ok: false, error: FALLBACK };
  }
}

export async function downloadFrom(url: string, fallbackName: string): Promise<DownloadResult> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  } catch {
    return { ok: false, error: "Could not reach the server. Check your connection and try again." };
  }
  if (!res.ok) return refusal(res);
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    // The stream was cut mid-file (the server stopped): no half file is saved.
    return { ok: false, error: FALLBACK };
  }
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filenameOf(res, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { ok: true };
}
