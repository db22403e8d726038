// The share control's Radix popover (wide screens) and modal (phones), split from
// share-control.tsx and loaded only when the visitor first reaches for the Share button, so the
// product page does not ship Radix Popover and its positioning engine up front.
import * as Dialog from "@radix-ui/react-dialog";
import * as Popover from "@radix-ui/react-popover";
import type { ReactElement, ReactNode } from "react";

export default function ShareSurface({
  asModal,
  open,
  onOpenChange,
  trigger,
  title,
  heading = "Share this deal",
  children,
}: {
  asModal: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
  title: string;
  heading?: string;
  children: ReactNode;
}) {
  if (asModal) {
    return (
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 rounded-t-3xl bg-white p-5 pb-8 shadow-card-hover">
            <div className="mb-4 flex items-center justify-between">
              <Dialog.Title className="text-lg font-bold">{heading}</Dialog.Title>
              <Dialog.Close
                className="rounded-full p-2 text-ink-soft hover:bg-stone-100"
                aria-label="Close"
              >
                ✕
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
            {children}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={heading}
          align="end"
          sideOffset={8}
          className="z-40 w-80 rounded-2xl border border-black/5 bg-white p-4 shadow-card-hover"
        >
          <p className="mb-3 text-sm font-bold">{heading}</p>
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
