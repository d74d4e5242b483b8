// The bill's print styles: only the bill on A4, none of the shop's header, footer or buttons.
// Here rather than in globals.css, so no other page carries them.
export const PRINT_CSS = `
@page { size: A4; margin: 14mm; }
@media print {
  body > header, body > footer, body > a[href="#main"], [data-print="hide"] { display: none !important; }
  body { background: #fff; }
  main#main { max-width: none; min-height: 0; padding: 0; }
  .invoice { border: 0; border-radius: 0; padding: 0; }
}
`;
