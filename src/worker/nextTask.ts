/**
 * A task boundary, so input and paint go on between pieces of long work on
 * the page. A message, not a timer: a hidden tab stretches its timers to a
 * second each, not its messages.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
