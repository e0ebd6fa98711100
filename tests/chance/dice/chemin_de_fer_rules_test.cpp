// The rules of a shooter's turn at Scarney Chemin de Fer.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <vector>

#include "chance/dice/chemin_de_fer.h"
#include "chance/dice/scarney_die.h"

using namespace scarney::dice;

namespace {
constexpr int D = kDead;
}

TEST_CASE("the point is the last digit of the count", "[dice][chemin-de-fer]") {
  CHECK(point_of(17) == 7);
  CHECK(point_of(19) == 9);
  CHECK(point_of(23) == 3);
  CHECK(point_of(30) == 0);
  CHECK(point_of(4) == 4);
  CHECK(point_name(9) == "La Grande");
  CHECK(point_name(8) == "La Petite");
  CHECK(point_name(7) == "Natural");
  for (int p = 0; p <= 6; ++p) {
    CHECK(is_hit_number(p));
    CHECK(point_name(p) == "Hit Number");
  }
  for (int p = 7; p <= 9; ++p) CHECK_FALSE(is_hit_number(p));
}

TEST_CASE("a point of 7, 8 or 9 stands on the first throw", "[dice][chemin-de-fer]") {
  const std::vector<int> natural = {1, 6, D, D, D};  // 7, with three dead dice
  CHECK(dice_to_draw(natural) == 0);
  CHECK(final_point(natural, {}) == 7);
  const std::vector<int> la_grande = {6, 6, 4, 3, D};  // 19
  CHECK(dice_to_draw(la_grande) == 0);
  CHECK(final_point(la_grande, {}) == 9);
  // Standing means no second throw may be made.
  CHECK_THROWS_AS(final_point(natural, std::vector<int>{1, 1, 1}), std::invalid_argument);
}

TEST_CASE("a Hit Number draws with all the dead dice and only them", "[dice][chemin-de-fer]") {
  // The book's example: 6, 4 and three dead dice count 10, a point of 0; the
  // three dead dice are thrown again.
  const std::vector<int> first = {6, 4, D, D, D};
  CHECK(dice_to_draw(first) == 3);
  CHECK(final_point(first, std::vector<int>{1, 3, D}) == 4);  // 10 + 4 = 14
  CHECK(final_point(first, std::vector<int>{6, 3, D}) == 9);  // 19
  CHECK(final_point(first, std::vector<int>{D, D, D}) == 0);  // still 10
  // Not one or two of them: exactly three.
  CHECK_THROWS_AS(final_point(first, std::vector<int>{1, 3}), std::invalid_argument);
  CHECK_THROWS_AS(final_point(first, std::vector<int>{1, 3, 4, 6}), std::invalid_argument);
}

TEST_CASE("the second throw's count stands even when it is lower", "[dice][chemin-de-fer]") {
  const std::vector<int> first = {6, D, D, D, D};  // 6, a Hit Number
  CHECK(dice_to_draw(first) == 4);
  CHECK(final_point(first, std::vector<int>{1, 3, D, D}) == 0);  // 6 + 4 = 10: worse
}

TEST_CASE("with no dead die there is no second throw", "[dice][chemin-de-fer]") {
  const std::vector<int> five_numbers = {1, 3, 4, 6, 6};  // 20: a point of 0
  CHECK(is_hit_number(point_of(20)));
  CHECK(dice_to_draw(five_numbers) == 0);
  CHECK(final_point(five_numbers, {}) == 0);
}

TEST_CASE("a throw that no Scarney dice can make is refused", "[dice][chemin-de-fer]") {
  CHECK_THROWS_AS(dice_to_draw(std::vector<int>{1, 2, 3, 4, 6}), std::invalid_argument);
  CHECK_THROWS_AS(dice_to_draw(std::vector<int>{1, 3, 4, 6}), std::invalid_argument);
  CHECK_THROWS_AS(final_point(std::vector<int>{6, 4, D, D, D}, std::vector<int>{5, 1, 1}),
                  std::invalid_argument);
}
