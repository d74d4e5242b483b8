// The 18 salads Fresh Bowl opens with. Prices are whole rupees for Small / Medium / Large.

type SeedItem = {
  slug: string;
  name: string;
  description: string;
  prices: [small: number, medium: number, large: number];
};

export type SeedCategory = { slug: string; name: string; items: SeedItem[] };

export const catalogue: SeedCategory[] = [
  {
    slug: "chicken-salads",
    name: "Chicken Salads",
    items: [
      {
        slug: "grilled-chicken-caesar",
        name: "Grilled Chicken Caesar",
        description: "Char-grilled chicken over crisp romaine with shaved parmesan, garlic croutons and our creamy house Caesar dressing.",
        prices: [179, 219, 259],
      },
      {
        slug: "tandoori-chicken-crunch",
        name: "Tandoori Chicken Crunch",
        description: "Smoky tandoori chicken tikka with cucumber, pickled onion, crunchy sev and a cooling mint-yoghurt drizzle.",
        prices: [189, 229, 269],
      },
      {
        slug: "honey-mustard-chicken",
        name: "Honey Mustard Chicken",
        description: "Juicy roast chicken, sweet corn, cherry tomatoes and toasted almonds tossed in a tangy honey-mustard vinaigrette.",
        prices: [169, 209, 249],
      },
      {
        slug: "peri-peri-chicken-bowl",
        name: "Peri Peri Chicken Bowl",
        description: "Fiery peri peri chicken with roasted bell peppers, red beans, brown rice and a squeeze of lime.",
        prices: [179, 219, 259],
      },
      {
        slug: "chicken-avocado-cobb",
        name: "Chicken Avocado Cobb",
        description: "Grilled chicken, ripe avocado, boiled egg, tomato and crumbled feta in neat rows, with a light ranch on the side.",
        prices: [199, 239, 269],
      },
      {
        slug: "thai-peanut-chicken",
        name: "Thai Peanut Chicken",
        description: "Shredded chicken, purple cabbage, carrot ribbons and fresh coriander with a lime-chilli peanut dressing.",
        prices: [179, 219, 259],
      },
      {
        slug: "pesto-chicken-pasta-salad",
        name: "Pesto Chicken Pasta Salad",
        description: "Fusilli, basil-pesto chicken, sun-dried tomatoes and baby spinach, finished with toasted pine nuts.",
        prices: [169, 209, 249],
      },
      {
        slug: "mediterranean-chicken-quinoa",
        name: "Mediterranean Chicken Quinoa",
        description: "Herbed chicken on fluffy quinoa with olives, cucumber, cherry tomatoes and a lemon-oregano dressing.",
        prices: [189, 229, 269],
      },
    ],
  },
  {
    slug: "veg-salads",
    name: "Veg Salads",
    items: [
      {
        slug: "classic-greek-salad",
        name: "Classic Greek Salad",
        description: "Cucumber, tomato, bell pepper, red onion, kalamata olives and a generous slab of feta with extra-virgin olive oil.",
        prices: [139, 179, 219],
      },
      {
        slug: "paneer-tikka-salad",
        name: "Paneer Tikka Salad",
        description: "Tandoor-kissed paneer cubes with charred onions, capsicum, mixed greens and a zingy green chutney dressing.",
        prices: [159, 199, 239],
      },
      {
        slug: "chickpea-chaat-salad",
        name: "Chickpea Chaat Salad",
        description: "Spiced chickpeas, pomegranate, onion, tomato and crisp papdi tossed with tamarind and chaat masala.",
        prices: [119, 159, 199],
      },
      {
        slug: "quinoa-rainbow-bowl",
        name: "Quinoa Rainbow Bowl",
        description: "Quinoa with roasted beetroot, sweet corn, edamame, carrot and red cabbage in a sesame-ginger dressing.",
        prices: [149, 189, 229],
      },
      {
        slug: "watermelon-feta-mint",
        name: "Watermelon Feta Mint",
        description: "Chilled watermelon cubes, salty feta, fresh mint and rocket with a balsamic glaze: summer in a bowl.",
        prices: [139, 179, 219],
      },
      {
        slug: "caprese-pesto-salad",
        name: "Caprese Pesto Salad",
        description: "Fresh mozzarella, juicy tomatoes and basil leaves over greens, drizzled with pesto and aged balsamic.",
        prices: [149, 189, 229],
      },
    ],
  },
  {
    slug: "egg-salads",
    name: "Egg Salads",
    items: [
      {
        slug: "egg-caesar-salad",
        name: "Egg Caesar Salad",
        description: "Soft-boiled eggs on crunchy romaine with parmesan, herbed croutons and a classic Caesar dressing.",
        prices: [149, 189, 229],
      },
      {
        slug: "masala-egg-salad",
        name: "Masala Egg Salad",
        description: "Boiled eggs tossed with onion, tomato, green chilli, coriander and a pinch of chaat masala, Mumbai style.",
        prices: [129, 169, 209],
      },
      {
        slug: "egg-avocado-protein-bowl",
        name: "Egg & Avocado Protein Bowl",
        description: "Two jammy eggs, creamy avocado, chickpeas, spinach and seeds with a lemon-tahini drizzle.",
        prices: [169, 209, 249],
      },
      {
        slug: "egg-cobb-salad",
        name: "Egg Cobb Salad",
        description: "Chopped eggs, sweet corn, cherry tomatoes, cucumber and cheddar on mixed greens with a honey-lime dressing.",
        prices: [159, 199, 239],
      },
    ],
  },
];

export function imageFor(slug: string) {
  return `/images/salads/${slug}.svg`;
}
