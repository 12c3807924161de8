/**
 * Contact Seller (SPEC 2 leaves its behaviour open): an enquiry form in a dialog, with the
 * domain's rules and messages (name; an email or a phone number; a message) and a honeypot field
 * hidden from people and from screen readers. Sent: a success state. Refused (too many
 * enquiries, the car sold meanwhile): the server's reason in the form.
 */
import { Dialog } from "@ark-ui/react/dialog";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useMutation } from "urql";
import { css } from "styled-system/css";
import type { z } from "zod";
import { contactSellerSchema } from "#domain/sales.ts";
import { serverFieldErrors, serverMessage } from "../../lib/errors.ts";
import { formatRandWhole } from "../../lib/format.ts";
import { Button } from "../../ui/Button.tsx";
import { dialogStyles } from "../../ui/dialog.ts";
import { Field, TextAreaField } from "../../ui/Field.tsx";
import { CheckCircleIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { carName, CONTACT_SELLER, type CarForSale } from "./queries.ts";
import { DialogShell } from "../../ui/DialogShell.tsx";

type FormInput = z.input<typeof contactSellerSchema>;
type FormData = z.output<typeof contactSellerSchema>;
const FIELDS = ["name", "email", "phone", "message"] as const;

/** Someone signed in: their details fill the form in. */
export interface Buyer {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

function defaultsFor(car: CarForSale | null, buyer: Buyer | null): FormInput {
  return {
    name: buyer?.name ?? "",
    email: buyer?.email ?? "",
    phone: buyer?.phone ?? "",
    message: car ? `Hi, I'm interested in the ${carName(car)} (${formatRandWhole(car.salesPrice)}). Is it still available?` : "",
    website: "",
  };
}

const honeypot = css({ position: "absolute", left: "-10000px", top: "auto", width: "1px", height: "1px", overflow: "hidden" });

export function ContactSellerDialog({ car, buyer, onClose }: { car: CarForSale | null; buyer: Buyer | null; onClose: () => void }) {
  const [, send] = useMutation(CONTACT_SELLER);
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const honeypotId = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(contactSellerSchema),
    defaultValues: defaultsFor(car, buyer),
  });
  const { errors, isSubmitting } = formState;

  // Every opening starts a fresh form (the buyer's details, a message about this car).
  const buyerKey = `${buyer?.name ?? ""}|${buyer?.email ?? ""}|${buyer?.phone ?? ""}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the car and the buyer's details, not on object identity
  useEffect(() => {
    if (!car) return;
    reset(defaultsFor(car, buyer));
    setSent(null);
    setProblem(null);
  }, [car, buyerKey, reset]);

  const onSubmit = handleSubmit(async (data) => {
    if (!car) return;
    setProblem(null);
    const result = await send({
      vehicleId: car.id,
      input: { name: data.name, email: data.email ?? null, phone: data.phone ?? null, message: data.message, website: data.website || null },
    });
    const receipt = result.data?.contactSeller;
    if (receipt?.success) {
      setSent(receipt.message);
      return;
    }
    let focused = false;
    for (const [field, message] of Object.entries(serverFieldErrors(result.error))) {
      if ((FIELDS as readonly string[]).includes(field)) {
        setError(field as (typeof FIELDS)[number], { message }, { shouldFocus: !focused });
        focused = true;
      }
    }
    setProblem(serverMessage(result.error) ?? "We couldn't send your message. Please check your connection and try again.");
  });

  return (
    <DialogShell
      open={car !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {sent !== null ? (
        <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", py: "4" })} role="status">
          <span className={css({ color: "success.solid" })}>
            <CheckCircleIcon size={56} />
          </span>
          <Dialog.Title className={css({ textStyle: "title" })}>Message sent</Dialog.Title>
          <Dialog.Description className={css({ color: "fg.muted" })}>{sent}</Dialog.Description>
          {car ? (
            <p className={css({ textStyle: "small", color: "fg.muted" })}>
              {car.dealership.companyName}
              {car.dealership.city ? `, ${car.dealership.city}` : ""} · {carName(car)}
            </p>
          ) : null}
          <Dialog.CloseTrigger asChild>
            <Button size="lg" fullWidth className={css({ mt: "2" })}>
              Done
            </Button>
          </Dialog.CloseTrigger>
        </div>
      ) : (
        <>
          <Dialog.Title className={dialogStyles.title}>Contact Seller</Dialog.Title>
          <Dialog.Description className={dialogStyles.description}>
            {car ? (
              <>
                Ask <strong className={css({ color: "fg.default" })}>{car.dealership.companyName}</strong> about the {carName(car)}. They will reply by email or
                phone.
              </>
            ) : null}
          </Dialog.Description>
          <form className={css({ display: "flex", flexDirection: "column", gap: "4" })} onSubmit={onSubmit} noValidate aria-label="Contact Seller">
            {problem ? (
              <div role="alert">
                <Notice tone="danger" title="Message not sent">
                  {problem}
                </Notice>
              </div>
            ) : null}
            <Field label="Your name" autoComplete="name" error={errors.name?.message} {...register("name")} />
            <p className={css({ textStyle: "small", color: "fg.muted", mb: "-2" })}>Give an email address, a phone number, or both.</p>
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              error={errors.email?.message}
              {...register("email")}
            />
            <Field
              label="Phone number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="e.g. 082 123 4567"
              error={errors.phone?.message}
              {...register("phone")}
            />
            <TextAreaField label="Message" rows={4} error={errors.message?.message} {...register("message")} />
            {/* Honeypot: out of sight, out of the tab order and hidden from screen readers; only bots fill it in. */}
            <div className={honeypot} aria-hidden="true">
              <label htmlFor={honeypotId}>Leave this field empty</label>
              <input id={honeypotId} type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
            </div>
            <div className={dialogStyles.actions}>
              <Dialog.CloseTrigger asChild>
                <Button variant="outline" size="lg" disabled={isSubmitting}>
                  Cancel
                </Button>
              </Dialog.CloseTrigger>
              <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
                {isSubmitting ? <Spinner /> : null}
                {isSubmitting ? "Sending..." : "Send Message"}
              </Button>
            </div>
            <p className={css({ textStyle: "caption", color: "fg.muted", fontWeight: "400" })}>
              Your details go only to this dealership, so they can answer you.
            </p>
          </form>
        </>
      )}
    </DialogShell>
  );
}
