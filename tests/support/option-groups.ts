// An option group as an admin sends it (POST/PUT /api/menu, product.md §8): the smallest valid
// required group, for tests that vary one of its rules.
export const DRESSING_GROUP = {
  name: "Dressing",
  min: 1,
  max: 1,
  choices: [
    { name: "Lemon", price: 0, default: true },
    { name: "Ranch", price: 0 },
  ],
};
