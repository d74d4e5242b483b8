import { pauseMailWorker, resumeMailWorker } from "./setup";
import { fingerprinter, type Fingerprinter } from "@/tests/support/db-fingerprint";

// The "a refusal writes nothing" suites watch every table between calls. The mail worker is
// paused meanwhile: it would otherwise delete the jobs a call queued before they are counted.

export async function watchWrites(): Promise<Fingerprinter> {
  await pauseMailWorker();
  return fingerprinter();
}

export async function stopWatching(digest: Fingerprinter | undefined): Promise<void> {
  await digest?.close();
  await resumeMailWorker();
}
