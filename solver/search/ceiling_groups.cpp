#include "search/ceiling_groups.h"

#include <algorithm>
#include <bit>
#include <memory>

#include "board/pawn.h"
#include "search/reach_table.h"

namespace scarney::ceiling_groups {
namespace {

constexpr int kPow5[5] = {1, 5, 25, 125, 625};

// Member i's parity class from the key; -1 when off the board.
int class_of(int key, int i) { return key / kPow5[i] % 5 - 1; }

int spots_of_member(int kind, int i) { return kind < 2 ? i + 1 : kind - 1; }

// The subsets of 2-4 members all on the board, best potential first, and
// then for each nibble those within it.
void fill_finishes(Group& g, int kind, int key) {
  Finish all[11];
  uint8_t members_of[11];
  int count = 0;
  const int per = kind == 0 ? 20 : 10;
  for (int sub = 3; sub < 16; ++sub) {
    if (std::popcount(static_cast<unsigned>(sub)) < 2) continue;
    int counts[4] = {}, spots = 0, members = 0;
    bool on_board = true;
    for (int i = 0; i < 4; ++i) {
      if (!(sub >> i & 1)) continue;
      const int cls = class_of(key, i);
      if (cls < 0)
        on_board = false;
      else
        ++counts[cls];
      spots += spots_of_member(kind, i);
      ++members;
    }
    if (!on_board) continue;
    const int classes = (counts[0] > 0) + (counts[1] > 0) + (counts[2] > 0) + (counts[3] > 0);
    const int base = kTotalSpots - spots + per * members;
    const int slot = reach::class_count_slot(counts);
    int at = count++;
    for (; at > 0 && all[at - 1].potential < base + per * classes; --at) {
      all[at] = all[at - 1];
      members_of[at] = members_of[at - 1];
    }
    all[at] = {static_cast<int16_t>(base), static_cast<int16_t>(per),
               static_cast<int16_t>(base + per * classes), static_cast<uint8_t>(slot / 21),
               static_cast<uint8_t>(3 * (slot % 21))};
    members_of[at] = static_cast<uint8_t>(sub);
  }
  int n = 0;
  for (int nib = 0; nib < 16; ++nib) {
    const int begin = n;
    for (int f = 0; f < count; ++f)
      if ((members_of[f] & nib) == members_of[f]) g.finishes[n++] = all[f];
    g.of[nib] = {static_cast<uint16_t>(begin), static_cast<uint16_t>(n),
                 static_cast<int16_t>(n > begin ? g.finishes[begin].potential : 0)};
  }
}

void fill_codes(Group& g, int key) {
  for (int nib = 0; nib < 16; ++nib) {
    int code = 0;
    for (int i = 0; i < 4; ++i)
      if (nib >> i & 1) code += (key / kPow5[i] % 5) * kPow5[i];
    g.code[nib] = static_cast<uint16_t>(code);
  }
}

// By adding one pawn at a time to smaller nibbles.
void fill_singles(Singles& s, bool black, int key) {
  for (int classes = 0; classes < 16; ++classes) {
    s[classes][0] = 0;
    for (int nib = 1; nib < 16; ++nib) {
      const int i = std::countr_zero(static_cast<unsigned>(nib));
      const int cls = class_of(key, i);
      int best = s[classes][nib & (nib - 1)];
      if (cls >= 0 && (classes >> cls & 1))
        best = std::max(best, kTotalSpots - (i + 1) + (i + 1) * (black ? 20 : 10));
      s[classes][nib] = static_cast<int16_t>(best);
    }
  }
}

struct Tables {
  Group groups[kKinds][kKeys];
  Singles singles[2][kKeys];
};

const Tables& tables() {
  static const std::unique_ptr<Tables> t = [] {
    auto x = std::make_unique<Tables>();
    for (int kind = 0; kind < kKinds; ++kind)
      for (int key = 0; key < kKeys; ++key) {
        fill_codes(x->groups[kind][key], key);
        fill_finishes(x->groups[kind][key], kind, key);
      }
    for (int key = 0; key < kKeys; ++key) {
      fill_singles(x->singles[0][key], false, key);
      fill_singles(x->singles[1][key], true, key);
    }
    return x;
  }();
  return *t;
}

}  // namespace

const Group& group(int kind, int key) { return tables().groups[kind][key]; }

const Singles& singles(bool black, int key) { return tables().singles[black ? 1 : 0][key]; }

}  // namespace scarney::ceiling_groups
