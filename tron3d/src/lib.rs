//! tron3d (being built).
