import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { CustomerScreen } from "../CustomerScreen.tsx";

/** The frame of the sign-up, sign-in and reset-password screens: back link, title, intro. */
export function AuthLayout({ back, title, intro, children }: { back: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <CustomerScreen back={back} footer>
      <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
          <h1 className={css({ textStyle: "title", color: "fg.default" })}>{title}</h1>
          <p className={css({ color: "fg.muted" })}>{intro}</p>
        </div>
        {children}
      </div>
    </CustomerScreen>
  );
}

/** A horizontal rule with a word in the middle ("or"). */
export function OrDivider({ children = "or" }: { children?: ReactNode }) {
  return (
    <div className={css({ display: "flex", alignItems: "center", gap: "3", color: "fg.muted", textStyle: "small" })} role="separator">
      <span className={css({ flex: "1", height: "1px", bg: "border.default" })} />
      <span>{children}</span>
      <span className={css({ flex: "1", height: "1px", bg: "border.default" })} />
    </div>
  );
}

export const formStack = css({ display: "flex", flexDirection: "column", gap: "4" });

export const switchLine = css({
  textAlign: "center",
  textStyle: "small",
  color: "fg.muted",
  "& a": { fontWeight: "600", color: "fg.link", textDecoration: "underline", textUnderlineOffset: "2px" },
});
