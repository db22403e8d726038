import { Use } from "../../ui/icons";

export const Check = () => (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600">
    <Use id="check" />
  </svg>
);
