/** What `work` threw; a test that expected it to fail fails when it does not. */
export async function thrown(work: () => Promise<unknown>, what = "the call"): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${what} to fail`);
}
