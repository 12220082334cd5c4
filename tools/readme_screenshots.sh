#!/usr/bin/env bash
# Retake every screenshot the README shows, from the real window (offscreen unless DISPLAY is set).
# Each line names the moment by conditions on your view (see tools/screenshot.py), so the same
# command gives the same picture; run from the repository root after a change to the table.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${DISPLAY:-}" ] || export QT_QPA_PLATFORM=offscreen
shot() { python3 tools/screenshot.py "$@"; }
ceki=(--seed 11 --when phase=discard --when 'discards>=6' --when 'called>=1' --when 'called[me]=false')
shot docs/screenshot.png --end docs/screenshot-end.png "${ceki[@]}"
shot docs/screenshot-jv.png --language jv-Java --card-names both "${ceki[@]}"
shot docs/screenshot-pei.png --game pei --seed 7 --when phase=play --end docs/screenshot-pei-end.png
shot docs/screenshot-kartu-lima.png --game kartu-lima --players 9 --seed 7 --moves 2 --when phase=play \
    --when 'trick>=2'
shot docs/screenshot-balik-satu.png --game balik-satu --seed 7 --moves 1 --when 'calls[me]=tan' --when phase=draw \
    --when 'discards>=8'
shot docs/screenshot-balik-satu-14.png --game balik-satu --players 14 --size 1920x1080 --seed 7 --moves 2
shot docs/screenshot-ce-pe.png --game ce-pe --players 5 --seed 7 --moves 2 --when 'counter>=90' --when 'out>=1'
python3 tools/statistics_screenshot.py docs/screenshot-statistics.png --game ceki --matches 40 --seed 7
# Accessibility (issue 31): 200 % in high contrast with the hint, 200 % in aksara Jawa, a colour-vision sheet
shot docs/screenshot-200-contrast.png --game ceki --scale 200 --theme high_contrast --hint
shot docs/screenshot-200-jv.png --game kartu-lima --language jv-Java --card-names javanese --scale 200 --moves 3
shot /tmp/cekidesk-ce-pe-hint.png --game ce-pe --players 5 --moves 8 --hint
python3 tools/colour_vision.py /tmp/cekidesk-ce-pe-hint.png --out-dir /tmp --sheet docs/colour-vision-ce-pe.png --half
