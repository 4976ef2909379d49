// Application config files: every key as a ConfigPropertyFact, and the retry
// layers config defines on its own (app_config_layers.h).
#ifndef AMPCHECK_EXTRACT_APP_CONFIG_APP_CONFIG_EXTRACTOR_H_
#define AMPCHECK_EXTRACT_APP_CONFIG_APP_CONFIG_EXTRACTOR_H_

#include "analyzer/extract/extractor.h"

namespace ampcheck {

class AppConfigExtractor : public Extractor {
 public:
  bool Accepts(const SourceFile& file) const override;
  void Extract(const SourceFile& file, FileFacts* facts) const override;
};

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_APP_CONFIG_APP_CONFIG_EXTRACTOR_H_
