// The offline words of product.md §14, shared by the menu's banner and the /offline page. Client-safe.
export const OFFLINE_MESSAGE = "You're offline. Ordering needs a connection.";
