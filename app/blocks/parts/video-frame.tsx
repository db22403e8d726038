import { useState, type VideoHTMLAttributes } from "react";
import { VIDEO_LOAD_FAILED } from "../../../domain/messages";
import { cx } from "../../ui/format";

/**
 * A video filling a black frame that says so when its file fails to load (spec 001 "Video
 * errors"). `videoKey` replaces the element when the video changes, so a new file starts fresh
 * instead of swapping the source under a playing element.
 */
export function VideoFrame({
  className,
  alertClassName,
  videoKey,
  ...video
}: Omit<VideoHTMLAttributes<HTMLVideoElement>, "className" | "onError"> & {
  className?: string;
  alertClassName: string;
  videoKey?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={cx("relative bg-black", className)}>
      <video
        key={videoKey}
        {...video}
        className="h-full w-full object-contain"
        onError={() => setFailed(true)}
      />
      {failed ? (
        <p role="alert" className={alertClassName}>
          {VIDEO_LOAD_FAILED}
        </p>
      ) : null}
    </div>
  );
}
