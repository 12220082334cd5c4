"""The Qt adapters of the Qt-free session (cekidesk.session): the controller that turns its change
sets into signals, the autosaver thread and the statistics recorder."""
