"""What every part of the window uses: the games' and cards' names, the card pictures, fonts,
translations, Qt work-arounds, the hint reasons and the lessons' data.  Imports nothing else of
cekidesk.ui (only each other)."""
