/** Where the browser keeps the cart (localStorage): the cart's store saves there, the header's badge looks there first. */
export const CART_STORAGE_KEY = "fresh-bowl-cart";
