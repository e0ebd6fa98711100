#include "board/symmetry.h"

namespace scarney {
namespace {

// (row, column) -> (row', column') for each symmetry.
constexpr Circle image(int s, Circle c) {
  const int r = row_of(c), k = column_of(c);
  switch (s) {
    case 0:
      return circle_at(r, k);  // identity
    case 1:
      return circle_at(k, 3 - r);  // quarter turn clockwise
    case 2:
      return circle_at(3 - r, 3 - k);  // half turn
    case 3:
      return circle_at(3 - k, r);  // quarter turn anticlockwise
    case 4:
      return circle_at(r, 3 - k);  // mirror left-right
    case 5:
      return circle_at(3 - r, k);  // mirror top-bottom
    case 6:
      return circle_at(k, r);  // main diagonal
    default:
      return circle_at(3 - k, 3 - r);  // anti-diagonal
  }
}

constexpr std::array<std::array<Circle, kCircles>, kSymmetries> make_maps() {
  std::array<std::array<Circle, kCircles>, kSymmetries> m{};
  for (int s = 0; s < kSymmetries; ++s)
    for (int c = 0; c < kCircles; ++c) m[s][c] = image(s, static_cast<Circle>(c));
  return m;
}

constexpr auto kMaps = make_maps();

// Masks moved a byte at a time: kBytes[s][half][b] is the image under s of
// byte b of the mask's low (half 0) or high (half 1) eight circles.
using ByteImages = std::array<std::array<std::array<Mask, 256>, 2>, kSymmetries>;
constexpr ByteImages make_byte_images() {
  ByteImages t{};
  for (int s = 0; s < kSymmetries; ++s)
    for (int half = 0; half < 2; ++half)
      for (int b = 0; b < 256; ++b)
        for (int i = 0; i < 8; ++i)
          if (b >> i & 1) t[s][half][b] |= static_cast<Mask>(1u << kMaps[s][8 * half + i]);
  return t;
}
constexpr ByteImages kBytes = make_byte_images();

}  // namespace

const std::array<Circle, kCircles>& symmetry_map(int s) { return kMaps[s]; }

int inverse_symmetry(int s) {
  constexpr int inv[kSymmetries] = {0, 3, 2, 1, 4, 5, 6, 7};
  return inv[s];
}

Circle transform(Circle c, int s) { return kMaps[s][c]; }

Mask transform(Mask m, int s) {
  return static_cast<Mask>(kBytes[s][0][m & 255] | kBytes[s][1][m >> 8]);
}

Board transform(const Board& b, int s) {
  Board r;
  for (Circle c : circles(b.occupied())) r.place(b.pawn_on(c), kMaps[s][c]);
  return r;
}

}  // namespace scarney
