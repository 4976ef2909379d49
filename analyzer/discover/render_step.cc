#include "analyzer/discover/render_step.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "analyzer/base/paths.h"
#include "analyzer/discover/helm_renderer.h"
#include "analyzer/discover/kustomize_renderer.h"
#include "analyzer/discover/rendered_documents.h"

namespace ampcheck {
namespace {

struct Program {
  std::string path;  // "" when not found or refused
};

class RenderStep {
 public:
  RenderStep(const FileSystem& fs, const RenderSettings& settings,
             const ProcessRunner& runner, Discovery* discovery,
             std::vector<Diagnostic>* diagnostics)
      : fs_(fs),
        settings_(settings),
        runner_(runner),
        discovery_(discovery),
        diagnostics_(diagnostics) {
    for (const std::string& root : discovery->roots)
      scanned_roots_.push_back(AbsolutePath(root));
  }

  void Run() {
    RenderCharts();
    BuildKustomizations();
    // A patch of a root that was not built but read through another build
    // is not skipped: it was read there.
    for (const std::string& path : replaced_) skipped_patches_.erase(path);
    if (!skipped_patches_.empty()) {
      discovery_->skipped["kustomize patch not applied"] +=
          static_cast<int>(skipped_patches_.size());
    }
    std::erase_if(discovery_->files, [&](const DiscoveredFile& f) {
      std::string path = NormalPath(f.path);
      return !f.content &&
             (replaced_.count(path) || skipped_patches_.count(path));
    });
    for (DiscoveredFile& file : added_)
      discovery_->files.push_back(std::move(file));
    std::stable_sort(discovery_->files.begin(), discovery_->files.end(),
                     [](const DiscoveredFile& a, const DiscoveredFile& b) {
                       return std::tie(a.display, a.pinned_line) <
                              std::tie(b.display, b.pinned_line);
                     });
  }

 private:
  // The policy's program (relative to the policy file) or the first on PATH.
  // A program inside a scanned directory is refused: nothing scanned runs.
  Program Find(const std::string& configured, const Location& where,
               const std::vector<std::string>& names) {
    Program program;
    if (settings_.disabled) return program;
    if (!configured.empty()) {
      std::string path = configured.find('/') == std::string::npos
                             ? configured
                             : JoinPath(settings_.base_directory, configured);
      program.path = runner_.FindProgram(path);
      if (program.path.empty()) {
        Error(where, "render: program '" + configured + "' not found");
        return program;
      }
    } else {
      for (const std::string& name : names) {
        program.path = runner_.FindProgram(name);
        if (!program.path.empty()) break;
      }
    }
    if (program.path.empty()) return program;
    // It runs in a temporary directory: a relative path would not lead to it.
    std::string absolute = AbsolutePath(program.path);
    for (const std::string& root : scanned_roots_) {
      if (IsUnder(absolute, root)) {
        Error(where.known() ? where : Location{program.path, 0},
              "render: program " + program.path +
                  " is inside a scanned directory; ampcheck does not run "
                  "what it scans");
        program.path.clear();
        return program;
      }
    }
    program.path = absolute;
    return program;
  }

  // Why no program ran: rendering is off, or none was found.
  std::string NoProgram(const std::string& names, const std::string& keys) {
    if (settings_.disabled) return "rendering is off (--no-render)";
    return "no " + names + " program (on PATH, or " + keys + " in the policy)";
  }

  // A path for the renderer, which reads the disk; "" and disk_error_ when
  // the file system cannot put it there.
  std::string OnDisk(const std::string& path) {
    return fs_.DiskPath(path, &disk_error_);
  }

  void Error(const Location& at, const std::string& message) {
    diagnostics_->push_back({at, message, Severity::kError});
  }

  // Marks the chart's or kustomization's files as read through its render.
  std::vector<std::string> FilesUnder(const std::string& directory) {
    std::vector<std::string> paths;
    const std::vector<std::string>& normal = NormalPaths();
    for (size_t i = 0; i < normal.size(); ++i) {
      if (!discovery_->files[i].content && IsUnder(normal[i], directory))
        paths.push_back(normal[i]);
    }
    return paths;
  }

  // NormalPath of each discovered file, made once: FilesUnder runs for every
  // kustomization of every root's closure, and normalising every path each
  // time was most of a scan's time on a repository with many overlays.
  // The files do not change until Run has rendered everything.
  const std::vector<std::string>& NormalPaths() {
    if (normal_paths_.size() != discovery_->files.size()) {
      normal_paths_.clear();
      normal_paths_.reserve(discovery_->files.size());
      for (const DiscoveredFile& f : discovery_->files)
        normal_paths_.push_back(NormalPath(f.path));
    }
    return normal_paths_;
  }

  void RenderCharts() {
    std::vector<ChartDirectory> charts = FindCharts(discovery_->files);
    std::set<size_t> used_settings;
    Program helm;
    if (!charts.empty())
      helm = Find(settings_.helm, settings_.helm_location, {"helm"});
    for (const ChartDirectory& chart : charts) {
      std::vector<const ChartSettings*> runs;
      for (size_t i = 0; i < settings_.charts.size(); ++i) {
        const ChartSettings& entry = settings_.charts[i];
        if (NormalPath(JoinPath(settings_.base_directory, entry.path)) ==
            chart.path) {
          runs.push_back(&entry);
          used_settings.insert(i);
        }
      }
      if (runs.empty()) runs.push_back(nullptr);  // default values
      std::vector<std::string> files = FilesUnder(chart.path);
      replaced_.insert(files.begin(), files.end());
      std::string name = ChartName(fs_, chart);
      if (name.empty()) name = "release";
      Location chart_file{JoinPath(chart.display, "Chart.yaml"), 0};
      if (helm.path.empty()) {
        discovery_->skipped["helm chart not rendered"] +=
            static_cast<int>(files.size());
        diagnostics_->push_back(
            {chart_file,
             "Helm chart not analysed: " + NoProgram("helm", "render.helm") +
                 ", so its " + std::to_string(files.size()) +
                 " files were not read. Render it and scan the output: helm "
                 "template " +
                 name + " " + chart.path + " | ampcheck scan -",
             Severity::kError});
        continue;
      }
      for (const ChartSettings* entry : runs)
        RenderChart(chart, name, entry, helm, chart_file, files.size());
    }
    for (size_t i = 0; i < settings_.charts.size(); ++i) {
      if (used_settings.count(i)) continue;
      Error(settings_.charts[i].location,
            "policy: render.charts[].path '" + settings_.charts[i].path +
                "' is not a chart directory (holding Chart.yaml) of this scan");
    }
  }

  void RenderChart(const ChartDirectory& chart, const std::string& name,
                   const ChartSettings* entry, const Program& helm,
                   const Location& chart_file, size_t file_count) {
    HelmRun run;
    run.helm = helm.path;
    run.release = name;
    run.timeout_ms = settings_.timeout_ms;
    if (entry) {
      if (!entry->release.empty()) run.release = entry->release;
      run.ns = entry->ns;
      for (const std::string& values : entry->values) {
        run.values.push_back(
            OnDisk(AbsolutePath(JoinPath(settings_.base_directory, values))));
      }
    }
    std::string chart_on_disk = OnDisk(AbsolutePath(chart.path));
    if (chart_on_disk.empty()) {
      discovery_->skipped["helm chart not rendered"] +=
          static_cast<int>(file_count);
      Error(chart_file, "Helm chart not analysed: " + disk_error_);
      return;
    }
    ProcessRequest request;
    request.argv = HelmTemplateCommand(run, chart_on_disk);
    request.timeout_ms = settings_.timeout_ms;
    ProcessResult result = runner_.Run(request);
    if (!result.succeeded()) {
      discovery_->skipped["helm chart not rendered"] +=
          static_cast<int>(file_count);
      Error(chart_file, "Helm chart not analysed: helm template " +
                            FailureReason(result, settings_.timeout_ms));
      return;
    }
    for (DiscoveredFile& file : HelmOutputFiles(chart, result.out)) {
      file.release_namespace = run.ns;
      added_.push_back(std::move(file));
    }
  }

  void BuildKustomizations() {
    std::vector<Kustomization> all = ReadKustomizations(fs_, discovery_->files);
    std::vector<const Kustomization*> roots = KustomizeRoots(all);
    if (roots.empty()) return;
    Program program;
    if (!settings_.kustomize.empty()) {
      program = Find(settings_.kustomize, settings_.kustomize_location, {});
    } else if (!settings_.kubectl.empty()) {
      program = Find(settings_.kubectl, settings_.kubectl_location, {});
    } else {
      program = Find("", {}, {"kustomize", "kubectl"});
    }
    for (const Kustomization* root : roots) {
      Location root_file{root->file_display, 0};
      if (program.path.empty()) {
        diagnostics_->push_back(
            {root_file,
             "kustomization not built: " +
                 NoProgram("kustomize or kubectl",
                           "render.kustomize / render.kubectl") +
                 ", so its files are read as they are, without its patches, "
                 "components and overlays. Build it and scan the output: "
                 "kubectl kustomize " +
                 root->directory + " | ampcheck scan -",
             Severity::kWarning});
        SkipPatches(*root, all);
        continue;
      }
      std::string root_on_disk = OnDisk(AbsolutePath(root->directory));
      if (root_on_disk.empty()) {
        Error(root_file,
              "kustomization not built (its files are read as "
              "they are): " +
                  disk_error_);
        SkipPatches(*root, all);
        continue;
      }
      ProcessRequest request;
      request.argv = KustomizeCommand(program.path, root_on_disk);
      request.timeout_ms = settings_.timeout_ms;
      ProcessResult result = runner_.Run(request);
      if (!result.succeeded()) {
        Error(root_file,
              "kustomization not built (its files are read as they "
              "are): " +
                  BaseName(program.path) + " " +
                  FailureReason(result, settings_.timeout_ms));
        SkipPatches(*root, all);
        continue;
      }
      ResourceIndex index;
      for (const Kustomization* k : KustomizeClosure(*root, all)) {
        for (const std::string& path : FilesUnder(k->directory))
          replaced_.insert(path);
        for (const std::string& path : k->resource_files) {
          replaced_.insert(path);
          IndexFile(path, &index);
        }
      }
      for (DiscoveredFile& file :
           KustomizeOutputFiles(*root, result.out, index))
        added_.push_back(std::move(file));
    }
  }

  // A root that was not built: its resources are read as they are, but its
  // patches and its components' files are not resources and would read as
  // broken manifests: they are counted as skipped instead.
  void SkipPatches(const Kustomization& root,
                   const std::vector<Kustomization>& all) {
    std::vector<const Kustomization*> closure = KustomizeClosure(root, all);
    std::set<std::string> resources;
    for (const Kustomization* k : closure)
      resources.insert(k->resource_files.begin(), k->resource_files.end());
    for (const Kustomization* k : closure) {
      for (const std::string& path : FilesUnder(k->directory)) {
        if (!resources.count(path) && !IsKustomizationFile(BaseName(path)))
          skipped_patches_.insert(path);
      }
    }
  }

  void IndexFile(const std::string& path, ResourceIndex* index) {
    const std::vector<std::string>& normal = NormalPaths();
    for (size_t i = 0; i < normal.size(); ++i) {
      const DiscoveredFile& f = discovery_->files[i];
      if (f.content || normal[i] != path) continue;
      std::string content, error;
      if (fs_.ReadFile(f.path, 8 << 20, &content, &error))
        index->AddFile(f.display, content);
      return;
    }
  }

  const FileSystem& fs_;
  std::string disk_error_;
  const RenderSettings& settings_;
  const ProcessRunner& runner_;
  Discovery* discovery_;
  std::vector<Diagnostic>* diagnostics_;
  std::vector<std::string> scanned_roots_;
  std::set<std::string> replaced_;         // normal paths read through a render
  std::set<std::string> skipped_patches_;  // of roots that were not built
  std::vector<DiscoveredFile> added_;
  std::vector<std::string> normal_paths_;  // see NormalPaths
};

}  // namespace

void RenderDiscoveredInputs(const FileSystem& fs,
                            const RenderSettings& settings,
                            const ProcessRunner& runner, Discovery* discovery,
                            std::vector<Diagnostic>* diagnostics) {
  RenderStep(fs, settings, runner, discovery, diagnostics).Run();
}

}  // namespace ampcheck
