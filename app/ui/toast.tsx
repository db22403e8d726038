import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { cx } from "./format";

// A small toast: messages go into one polite live region that is in the page from the first
// render (screen readers only announce changes to a region they already know).

type Tone = "success" | "error";
type Toast = { id: number; message: string; tone: Tone };

const ToastContext = createContext<(message: string, tone?: Tone) => void>(() => {});

export const useToast = () => useContext(ToastContext);

const TOAST_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((message: string, tone: Tone = "success") => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-2), { id, message, tone }]);
    window.setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_MS);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            className={cx(
              "pointer-events-auto flex max-w-md items-center gap-3 rounded-2xl px-4 py-3 text-sm font-semibold shadow-card-hover",
              t.tone === "error" ? "bg-red-700 text-white" : "bg-ink text-white",
            )}
          >
            <span>{t.message}</span>
            <button
              type="button"
              className="ml-auto rounded-full px-2 text-white/80 hover:text-white"
              aria-label="Dismiss"
              onClick={() => setToasts((list) => list.filter((x) => x.id !== t.id))}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast once when `message` is set on first render (a flag carried by the URL). */
export function ToastOnMount({ message, tone }: { message: string | null; tone?: Tone }) {
  const show = useToast();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (message && shown.current !== message) {
      shown.current = message;
      show(message, tone);
    }
  }, [message, tone, show]);
  return null;
}
