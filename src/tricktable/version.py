"""The package version, apart so that modules of the core can name it without the package."""

__version__ = "0.1.0"
