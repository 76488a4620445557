// Stand-ins for the Node built-ins @oatf/cel-default imports for its isolated mode, which the
// playground never enables (its own Web Worker bounds evaluation time instead).
// remove once cel-default is browser-safe
const unavailable = (): never => {
  throw new Error("not available in the browser");
};

export const createRequire = unavailable;
export const pathToFileURL = unavailable;
export const receiveMessageOnPort = unavailable;
export const MessageChannel = unavailable;
export const Worker = unavailable;
export const workerData = undefined;
