import { monitorBench } from "./monitor.js";
const heapMb = () => { globalThis.gc?.(); globalThis.gc?.(); return process.memoryUsage().heapUsed / 2 ** 20; };
const report = (name: string, ratio: number, goal: string, detail = "") => console.log(name.padEnd(62), ratio.toFixed(2) + "x", goal, detail);
await monitorBench(report, heapMb);
