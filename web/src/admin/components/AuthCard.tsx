/** The frame of the admin sign-in and sign-up screens: a centred card with a title and intro. */
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { ShieldIcon } from "./icons.tsx";

export function AuthCard({ title, intro, children, footer }: { title: string; intro: ReactNode; children: ReactNode; footer: ReactNode }) {
  return (
    <div
      className={css({ flex: "1", display: "flex", alignItems: { base: "flex-start", sm: "center" }, justifyContent: "center", py: { base: "2", sm: "8" } })}
    >
      <div
        className={css({
          width: "full",
          maxW: "md",
          bg: "bg.surface",
          borderWidth: "1px",
          borderColor: "border.default",
          borderRadius: "2xl",
          boxShadow: "card",
          p: { base: "6", sm: "8" },
          display: "flex",
          flexDirection: "column",
          gap: "6",
        })}
      >
        <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <span className={css({ display: "inline-flex", alignSelf: "flex-start", p: "2", borderRadius: "lg", bg: "brand.subtle", color: "brand.text" })}>
            <ShieldIcon size={22} />
          </span>
          <h1 className={css({ textStyle: "title" })}>{title}</h1>
          <p className={css({ color: "fg.muted", textStyle: "small" })}>{intro}</p>
        </div>
        {children}
        <p
          className={css({
            textAlign: "center",
            textStyle: "small",
            color: "fg.muted",
            "& a": { fontWeight: "600", color: "fg.link", textDecoration: "underline", textUnderlineOffset: "2px" },
          })}
        >
          {footer}
        </p>
      </div>
    </div>
  );
}

export const formStack = css({ display: "flex", flexDirection: "column", gap: "4" });
