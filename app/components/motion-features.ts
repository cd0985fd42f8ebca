import { domMax } from "framer-motion";

// Loaded on demand by MotionProvider; domMax adds layout animations (the explorer's highlight).
export default domMax;
