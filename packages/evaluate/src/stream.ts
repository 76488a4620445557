// @oatf/evaluate/stream: the consumer loop over a broker adapter's StreamSource (the contract
// types are on the main entry), for programs that monitor a partitioned stream as `oatf
// monitor` does. Beside the main entry, which holds what the SDK specification names.
export {
  type ConsumeStreamOptions,
  type ConsumeStreamResult,
  consumeStream,
  type MergedStream,
  mergeStreamVerdicts,
  type StreamAlert,
} from "./engine/stream-consumer.js";
