// @oatf/trace/otlp: OpenTelemetry traces (OTLP) in, apart from the main entry so that bundles
// which never read OTLP do not carry its reader. Browser-safe; the protobuf decoder
// (@bufbuild/protobuf and the OTLP schema) is a further chunk loaded only for protobuf input.

export { OtlpDecoder, type OtlpMessage } from "./otlp/read.js";
export { loadOtlpProtobuf, otlpFormatOf, type ReadOtlpOptions, readOtlp } from "./otlp/source.js";
