"""CekiDesk: the traditional Ceki-card games of Java and the Peranakan world, on the desktop."""
__version__ = "0.1.0"
