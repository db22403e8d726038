/** A green check before a list row: drawn by CSS (`check-mark` in app.css), decoration only. */
export const Check = () => <i className="check-mark" />;
