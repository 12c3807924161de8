import { describe, expect, test } from "bun:test";
import { EMAIL_COLOURS, EMAIL_DARK_COLOURS, offBrandColours } from "./brand";

describe("emails in the brand's colours", () => {
  test("a colour outside the palette is found (the old teal button), the palette's are not", () => {
    expect(offBrandColours('<a style="background:#0f766e;color:#FFFFFF">x</a><p style="color:#1f2933">')).toEqual(["#0f766e", "#1f2933"]);
    expect(offBrandColours(`<a style="background:${EMAIL_COLOURS.button};color:${EMAIL_COLOURS.buttonText}">Go</a>`)).toEqual([]);
    expect(offBrandColours('<style>.x{color:#123456!important}</style><td bgcolor="#abcdef">')).toEqual(["#123456", "#abcdef"]);
  });

  test("a booking number in the text is not a colour", () => {
    expect(offBrandColours('<h1 style="color:#1f2833">Booking #1d9f3c confirmed</h1>')).toEqual([]);
  });

  test("the email colours, light and dark, all come from the palette", () => {
    const all = [...Object.values(EMAIL_COLOURS), ...Object.values(EMAIL_DARK_COLOURS)].join(";");
    expect(offBrandColours(all)).toEqual([]);
    expect(Object.keys(EMAIL_DARK_COLOURS).sort()).toEqual(Object.keys(EMAIL_COLOURS).sort());
  });
});
