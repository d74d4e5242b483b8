// A delivery address as a customer types it into checkout: phone and PIN code with spaces and a
// dash (the order schema normalises them), a name with a diaeresis and an apostrophe.
export const TYPED_ADDRESS = {
  name: "Zoë O'Brien",
  phone: "+91 98765-43210",
  street: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  zip: "560 001",
};

/** An address as the order schema stores it, for `name`: what the bench and the sample orders send. */
export const sampleAddress = (name: string) => ({
  name,
  phone: "9876543210",
  street: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  zip: "560001",
});
