// How many threads a --jobs value means, in one place for extraction and
// analysis.
#ifndef AMPCHECK_BASE_THREADS_H_
#define AMPCHECK_BASE_THREADS_H_

namespace ampcheck {

// `requested` when positive, else every core the machine has (at least 1).
int ThreadCount(int requested);

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_THREADS_H_
