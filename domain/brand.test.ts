import { describe, expect, test } from "bun:test";
import { EMAIL_COLOURS, emailButton, emailDocument, emailQuote, offBrandColours } from "./brand";

describe("emails in the brand's colours", () => {
  test("a colour outside the palette is found (the old teal button), the palette's are not", () => {
    expect(offBrandColours('<a style="background:#0f766e;color:#FFFFFF">x</a><p style="color:#1f2933">')).toEqual(["#0f766e", "#1f2933"]);
    expect(offBrandColours(emailButton("https://capedrive.example/x", "Go"))).toEqual([]);
  });

  test("the layout, button and quote use only brand colours and escape what they are given", () => {
    const html = emailDocument("Hello <b>", `${emailButton('https://x.example/?a=1&b="2"', "Reset <now>")}${emailQuote("<script>alert(1)</script>")}`);
    expect(offBrandColours(html)).toEqual([]);
    expect(html).toContain(`background:${EMAIL_COLOURS.button}`);
    expect(html).toContain("<title>Hello &lt;b&gt;</title>");
    expect(html).toContain('href="https://x.example/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain("Reset &lt;now&gt;");
    expect(html).not.toContain("<script>");
  });
});
