import { create } from "zustand";

// Which bowls the signed-in customer keeps, as the browser knows it (client-safe and tiny: /menu's
// query reads it in every first load). null while not known: nobody signed in, or not asked yet.
// lib/favourites/client.ts asks the server and changes it, loaded only once someone is signed in.

export const useKept = create<{ ids: ReadonlySet<string> | null }>()(() => ({ ids: null }));
