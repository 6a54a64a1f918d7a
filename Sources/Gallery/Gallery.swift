// Placeholder until the gallery lands.
enum GalleryPlaceholder {}
