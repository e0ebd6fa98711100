// Who wins High-Low, for every position of one start board at once.
//
// Pawns never move in High-Low, so the positions a game can reach from a
// start board are the subsets of its pawns: 2^16 of them for a complete
// board. The pass keeps one bit per subset (1: the side to move wins), the
// subset written over the start's pawns, the i-th occupied circle being
// index bit i. A removal takes a subset to a smaller one, a smaller index,
// so one pass in index order settles them all, 64 subsets (a word) a step:
//
//     index bits   k-1 ... 6  |  5 ... 0
//                  the word w |  bit l of the word
//
//   - A removal m that takes pawns of w's part leads to an earlier word,
//     read whole: bit l of the answer is the child's bit l - low(m) (a
//     shift), kept where l holds low(m) and none of m's blockers.
//   - A removal within the low six bits stays in the word. The low bits
//     are six circles no removal takes two of, where the board has them:
//     then only single pawns are taken within a word, settled as eight
//     chunks of eight by a table; otherwise in rounds by the number of low
//     bits set (a child has fewer).
//   - The empty subset counts as won by the side to move, so no move ever
//     takes the last pawn; one pawn left is won when the last mover's pawn
//     is a 1 or a 2.
//
// About 30 us for a complete board, against 0.6 ms for the search in
// highlow_solver.h, which it is tested against.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.h"

namespace scarney {

class HighLowWinner {
 public:
  // Does the side to move win the High-Low removal game on `start`?
  // Precondition: start holds at least one pawn.
  bool wins(const Board& start);
  // After wins(start): does the side to move win with only the pawns on
  // `left` standing? Precondition: left is a non-empty subset of the
  // start's occupied circles.
  bool wins_with(Mask left) const;

  // The pass's own numbering, for passes over the same subsets that read
  // it (highlow_threshold.h): a subset as index bits, the i-th occupied
  // circle of the start being bit i, and the answer for it. Preconditions
  // as wins_with's.
  uint32_t index_of(Mask circles) const;
  bool wins_index(uint32_t left) const { return bits_[left >> 6] >> (left & 63) & 1; }
  int pawns() const { return pawns_; }
  Circle circle_of(int i) const { return circle_of_[static_cast<size_t>(i)]; }

 private:
  // A removal as the pass reads it: the pawns taken above the word's six
  // bits (`high`), the blockers there, and in the word the shift by the low
  // pawns taken and the bits l it applies to (holding them, no blocker).
  struct Removal {
    uint32_t high, high_blockers;
    uint32_t shift;
    uint64_t applies;
  };
  void prepare(const Board& start);
  uint64_t word(uint32_t w) const;
  uint64_t won_leaving(uint32_t w) const;
  uint64_t settle_layers(uint32_t w, uint64_t won) const;

  std::vector<uint64_t> bits_;
  std::vector<Removal> lines_leaving_;  // line moves to an earlier word
  std::vector<Removal> within_;         // removals within the word
  std::vector<Circle> circle_of_;       // index bit -> circle
  uint32_t high_ = 0;                   // index bits of the 3- and 4-spot pawns
  int pawns_ = 0;
  bool singles_within_ = false;  // no line removal within a word
};

}  // namespace scarney
