// The one error alert: role="alert", so a screen reader reads the message as it appears. Nothing when there is no
// message. `id` lets a form point at it (aria-describedby). No hooks: server pages use it too.
export function ErrorAlert({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p className="alert alert-error" role="alert" id={id}>
      {message}
    </p>
  );
}
