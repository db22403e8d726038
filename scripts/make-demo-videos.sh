#!/bin/sh
# Draws the demo data's video clips and their poster frames (issue 18): a few seconds each, H.264
# baseline in MP4 with the index up front (every browser plays it, and it starts before the whole
# file is in), no sound, plus a JPEG poster. Run once; the files are committed in
# server/db/seed/media/ and served at /media/demo/{name}. Needs ffmpeg (Debian's package) with
# libx264 and drawtext.
set -eu
out="$(dirname "$0")/../server/db/seed/media"
mkdir -p "$out"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

clip() { # name, title, two gradient colours
  name=$1 title=$2 c0=$3 c1=$4
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=640x360:r=24:d=4:c0=$c0:c1=$c1:speed=0.02:type=linear" \
    -vf "drawtext=fontfile=$font:text='$title':fontcolor=white:fontsize=30:x=(w-text_w)/2:y=(h-text_h)/2-20,drawtext=fontfile=$font:text='Payonce demo  %{eif\:t+1\:d}/4':fontcolor=white@0.8:fontsize=18:x=(w-text_w)/2:y=h/2+30" \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 32 \
    -g 48 -an -movflags +faststart "$out/$name.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 1 -i "$out/$name.mp4" -frames:v 1 -q:v 5 "$out/$name.jpg"
}

clip tf-tour "A 5-minute tour of TaskFlow" 0x4f46e5 0x0ea5e9
clip tf-automations "Build your first automation" 0x7c3aed 0xdb2777
clip tf-client-portal "Set up a client portal" 0x0f766e 0x22c55e
clip tf-gantt "Planning with Gantt charts" 0xb45309 0xf59e0b
clip pf-tour "PixelForge in 3 minutes" 0xbe123c 0xf97316
clip pf-brand-kit "Create a brand kit" 0x1d4ed8 0x9333ea
clip pf-resize "Resize a design for every network" 0x047857 0x0891b2
