// The shop's own facts, written once: its name, promise and contact details, as the header,
// footer, metadata, JSON-LD and mails show them. Client-safe (plain data).

export const SITE = {
  name: "Fresh Bowl",
  tagline: "Crisp, generous salads from our cloud kitchen, tossed to order and delivered when you choose.",
  address: { street: "12 Residency Road", locality: "Bengaluru", postalCode: "560025", country: "IN" },
  phone: { display: "+91 80 4123 4567", tel: "+918041234567" },
  email: "hello@freshbowl.in",
} as const;

/** The address on one line, as the footer shows it. */
export const SITE_ADDRESS_LINE = `${SITE.address.street}, ${SITE.address.locality} ${SITE.address.postalCode}`;

/** The line every mail ends with. */
export const SITE_MAIL_FOOTER = `${SITE.name} · fresh salads, tossed to order and delivered to your door.`;
