import Testing
@testable import Gallery
